/**
 * dynalite 4.0.0 ends the LevelDB read stream of a Query or Scan that stops at its `Limit` (or at 1 MB)
 * by calling `return()` on the level iterator under it, but abstract-level 3 iterators are closed with
 * `close()` and have no `return()`: every such call left its iterator open, holding a LevelDB snapshot,
 * and the emulator's memory grew with every paged read (about 20 KiB a Scan). This gives abstract-level's
 * iterators the `return()` of the async-iterator protocol, closing them, before dynalite is loaded.
 * Imported for its effect by emulator-thread.mjs.
 */
import { createRequire } from 'node:module';

// abstract-level as dynalite's level backends resolve it.
const require = createRequire(createRequire(import.meta.url).resolve('classic-level'));
const { AbstractIterator } = require('abstract-level/abstract-iterator.js');
const common = Object.getPrototypeOf(AbstractIterator.prototype);

if (typeof common.return !== 'function') {
  Object.defineProperty(common, 'return', {
    configurable: true,
    writable: true,
    value: async function () {
      await this.close();
      return { done: true, value: undefined };
    },
  });
}
