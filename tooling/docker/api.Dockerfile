FROM node:26.12.1-trixie-slim
WORKDIR /repo
ENV NODE_ENV=production
COPY package.json package-lock.json tsconfig.base.json ./
COPY scripts/prune-lockfile.mjs ./scripts/
COPY tooling/package.json ./tooling/
COPY shared/package.json ./shared/
COPY contract/package.json ./contract/
COPY shell/package.json ./shell/
COPY mf-catalog/package.json ./mf-catalog/
COPY mf-account/package.json ./mf-account/
COPY mf-checkout/package.json ./mf-checkout/
COPY mf-admin/package.json ./mf-admin/
COPY api/package.json ./api/
COPY e2e/package.json ./e2e/
COPY bench/package.json ./bench/
RUN npm ci --no-audit --no-fund --workspace api --include-workspace-root=false
# The api imports the contract's schemas at run time (workspace package @store/contract).
COPY contract ./contract
COPY api ./api
WORKDIR /repo/api
USER node
EXPOSE 5000
CMD ["node", "src/server.ts"]
