/** Set by the webpack factory from each app's package.json (DefinePlugin). */
declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
