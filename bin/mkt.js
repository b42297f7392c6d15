#!/usr/bin/env node
// The `mkt` command runs the compiled tree: `npm run build` (or `npm start`) compiles it.
import '../dist/src/cli/index.js';
