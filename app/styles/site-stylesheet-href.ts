import href from "./site-styles.scss?url";

/**
 * Where the client build puts the site's whole stylesheet. Only the server links it (app/entry.server), and no page
 * script needs it, so vite.config.ts makes this module an entry of the client build: that is what has Vite write
 * the file (with its .br and .gz copies) under the same hashed name the server build computes.
 */
export default href;
