# syntax=docker/dockerfile:1
# Multi-stage: build with every dependency, run with production dependencies only.
# Node 24 (LTS): Node 20 is end of life.
FROM node:24-bookworm-slim AS base
ENV npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
WORKDIR /app

FROM base AS build
# patches/ first: `npm install` applies them (postinstall: `patch-package --error-on-fail`, so a
# patch that no longer applies fails the build; see docs/decisions/032).
COPY package.json package-lock.json ./
COPY patches ./patches
# `npm install`, not `npm ci`: the lockfile lacks other platforms' optional binaries (docs/architecture.md#install-with-npm-install-not-npm-ci).
RUN npm install
COPY . .
# The patched functions are in the code the server loads, and route matching is right with them.
RUN npx vitest run --project unit tests/unit/app/remix-patches.test.ts
RUN npm run build

FROM base AS runtime
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
COPY package.json package-lock.json ./
COPY patches ./patches
COPY scripts/check-patches.js ./scripts/
# The production install applies the patches again (postinstall, failing the build if one does
# not apply); check-patches.js then makes sure they are in the copies the server loads.
RUN npm install --omit=dev && node scripts/check-patches.js && npm cache clean --force
# build/ holds everything the app runs: the server, the Remix build and the packed bonus files.
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "build/server.js"]
