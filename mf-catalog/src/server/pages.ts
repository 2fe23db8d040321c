// The catalog's pages for the shell's server render (tooling/server-render-config.cjs): the
// module the browser loads as `catalog/routes`.
export { pages } from '../routes';
