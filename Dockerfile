# Production image: build once, run the bundled server on an external PostgreSQL (DATABASE_URL).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# patches/ must be there for the postinstall step (patch-package fixes postgres.js, see
# docs/decisions/003-gates.md).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/assets ./assets
COPY --from=build /app/package.json ./package.json
USER node
EXPOSE 3000
# The server and the operator commands are bundled: `node dist/server/cli/migrate.js`,
# `orders-verify.js`, `orders-replay.js`, `orders-export.js` run in this image (see README).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and handles SIGTERM itself: requests drain, then it exits (within 10 s).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
