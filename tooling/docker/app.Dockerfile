# One image recipe for the shell and each remote: `--build-arg APP=mf-catalog`.
FROM node:26.12.1-trixie-slim AS build
ARG APP
WORKDIR /repo
COPY package.json package-lock.json tsconfig.base.json ./
COPY scripts/prune-lockfile.mjs ./scripts/
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
RUN npm ci --no-audit --no-fund
COPY ${APP} ./${APP}
RUN npm run build -w ${APP}

FROM nginx:1.27.2-alpine
ARG APP
ENV CORS_ORIGIN=* API_UPSTREAM=http://127.0.0.1:9
COPY tooling/docker/nginx-app.conf /etc/nginx/templates/default.conf.template
COPY tooling/docker/write-runtime-config.sh /docker-entrypoint.d/40-runtime-config.sh
COPY --from=build /repo/${APP}/dist /usr/share/nginx/html
EXPOSE 80
