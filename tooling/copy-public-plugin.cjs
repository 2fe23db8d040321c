const fs = require('node:fs');

/** Copies the app's `public/` folder into the build output (category images, defaults). */
class CopyPublicPlugin {
  /** @param {string} from the app's `public/` folder (absent: nothing to copy) */
  constructor(from) {
    this.from = from;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tap('CopyPublicPlugin', () => {
      if (!fs.existsSync(this.from)) return;
      fs.cpSync(this.from, compiler.outputPath, { recursive: true });
    });
  }
}

module.exports = { CopyPublicPlugin };
