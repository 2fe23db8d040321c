declare module '*/federation-contract.cjs' {
  export function contractProblems(appName?: string): string[];
  export function declaredPages(routesSource: string): string[];
  export function missingPages(
    appName: string,
    sources?: { shell?: string; remote?: string },
  ): string[];
  export function rangeConflicts(
    appName: string,
    manifest?: { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> },
  ): string[];
  export function shellExpectations(routesSource: string): Record<string, string[]>;
}

declare module '*/shared-singletons.cjs' {
  export const singletonRanges: Record<string, string>;
  export function sharedSingletons(): Record<
    string,
    { singleton: boolean; requiredVersion: string; strictVersion: boolean }
  >;
}
