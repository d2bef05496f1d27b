# Kibitz in one container: the server and the built web client, data in /data.
# docker compose up --build   (see docker-compose.yml and the README's "Host it" section)
FROM node:20-bookworm-slim

WORKDIR /app
ENV CI=1
# The workspace's manifests first, so dependencies are installed again only when they change.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.base.json tsconfig.json ./
COPY apps/server/package.json apps/server/
COPY apps/server/scripts apps/server/scripts
COPY apps/web/package.json apps/web/
COPY packages/rules/package.json packages/rules/
COPY packages/bots/package.json packages/bots/
COPY packages/protocol/package.json packages/protocol/
COPY prisma prisma
RUN npx -y pnpm@12.4.2 install --frozen-lockfile

COPY . .
# The web client and the server, both to plain JavaScript (apps/web/dist, apps/server/dist).
RUN npx -y pnpm@12.4.2 build

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    KIBITZ_DATA_DIR=/data
VOLUME /data
EXPOSE 3000
# Node itself as the main process (not through a package manager), so SIGTERM reaches
# the server: it stops taking actions, flushes the game logs and closes the database.
# The built server: nothing compiles TypeScript at run time.
CMD ["node", "apps/server/dist/main.js"]
