const fs = require('node:fs');

/** Copies the app's `public/` folder into the build output (category images, defaults). */
class CopyPublicPlugin {
  constructor(from) {
    this.from = from;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('CopyPublicPlugin', (compilation) => {
      if (!fs.existsSync(this.from)) return;
      fs.cpSync(this.from, compilation.outputOptions.path, { recursive: true });
    });
  }
}

module.exports = { CopyPublicPlugin };
