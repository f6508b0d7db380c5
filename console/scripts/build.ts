// `npm run build` (and so `npm start` and `npm test`): builds the console when its inputs changed,
// into a new folder swapped in whole (console-build.ts).
import path from 'node:path';
import { CONSOLE_INPUTS, buildConsole } from './console-build.ts';

await buildConsole({
  root: path.join(import.meta.dirname, '..'),
  inputs: CONSOLE_INPUTS,
  log: (line) => process.stdout.write(`${line}\n`),
});
