# syntax=docker/dockerfile:1
# Amoria's production image: the client and the compiled server (npm run build) on Node.js 24, run by
# plain node as an unprivileged user. compose.yaml runs it; docs/deploy.md says how.

# The same exact version as .node-version (a test checks that they agree).
ARG NODE_VERSION=24.21.0

# Every dependency, to build the client (vite) and the server (esbuild). `npm install` from the lock
# file, not `npm ci`: the lock lists only Linux x64's optional binaries (see scripts/prepare.mjs), and
# `npm ci` refuses it for that; the install changes nothing in it.
FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# Only what the server needs at run time (sharp and argon2 bring their prebuilt glibc binaries).
FROM node:${NODE_VERSION}-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# The image's own user "node" (uid 1000); it owns only DATA_DIR (photos live in the bucket).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness: the process answers. The proxy in front asks /api/ready (database, Redis, bucket) instead.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health.php`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The migrations run at every start too (under a lock, a no-op when done); compose runs them once before.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
