# One image recipe for the shell and each remote: `--build-arg APP=mf-catalog`. Every app is
# served by scripts/serve-app.mjs, the static server `npm start` and the browser tests run
# (docs/decisions/0080-apps-served-by-node.md); the shell's also draws the home page's first screen.
FROM node:26.12.1-trixie-slim AS build
ARG APP
WORKDIR /repo
COPY package.json package-lock.json tsconfig.base.json ./
COPY scripts/prune-lockfile.mjs scripts/check-federation-contract.mjs ./scripts/
COPY tooling ./tooling
COPY shared ./shared
COPY contract ./contract
COPY shell/package.json ./shell/
COPY mf-catalog/package.json ./mf-catalog/
COPY mf-account/package.json ./mf-account/
COPY mf-checkout/package.json ./mf-checkout/
COPY mf-admin/package.json ./mf-admin/
COPY api/package.json ./api/
COPY e2e/package.json ./e2e/
COPY bench/package.json ./bench/
# Only what this app's build needs (about 450 packages against 1,176 for the whole repository).
RUN npm ci --no-audit --no-fund --workspace ${APP} --include-workspace-root=false
# The build checks the federation contract: the shell's mounts against each remote's pages.
COPY shell/src/remotes/remote-routes.ts ./shell/src/remotes/
COPY mf-catalog/src/routes.tsx ./mf-catalog/src/
COPY mf-account/src/routes.tsx ./mf-account/src/
COPY mf-checkout/src/routes.tsx ./mf-checkout/src/
COPY mf-admin/src/routes.tsx ./mf-admin/src/
COPY ${APP} ./${APP}
RUN npm run build -w ${APP}

FROM node:26.12.1-trixie-slim
ARG APP
ENV NODE_ENV=production APP=${APP} HOST=0.0.0.0
WORKDIR /repo
COPY --from=build /repo/package.json /repo/package-lock.json ./
COPY --from=build /repo/scripts/prune-lockfile.mjs ./scripts/
COPY --from=build /repo/tooling/package.json /repo/tooling/apps.cjs ./tooling/
COPY --from=build /repo/shared/package.json ./shared/
COPY --from=build /repo/contract/package.json ./contract/
COPY --from=build /repo/shell/package.json ./shell/
COPY --from=build /repo/mf-catalog/package.json ./mf-catalog/
COPY --from=build /repo/mf-account/package.json ./mf-account/
COPY --from=build /repo/mf-checkout/package.json ./mf-checkout/
COPY --from=build /repo/mf-admin/package.json ./mf-admin/
COPY --from=build /repo/api/package.json ./api/
COPY --from=build /repo/e2e/package.json ./e2e/
COPY --from=build /repo/bench/package.json ./bench/
# The shell's first-screen render requires its packages at run time; a remote's files are static.
RUN if [ "$APP" = shell ]; then \
      npm ci --omit=dev --no-audit --no-fund --workspace shell --include-workspace-root=false; \
    fi
COPY scripts/serve-app.mjs ./scripts/
COPY scripts/lib ./scripts/lib
COPY --from=build /repo/${APP}/dist ./${APP}/dist
USER node
EXPOSE 3000 3001 3002 3003 3004
CMD ["node", "scripts/serve-app.mjs"]
