// `npm run dev`: the API with reload on change (tsx watch) and the web app with hot module replacement
// (Vite), which proxies /api and /uploads to the API. Open http://localhost:3000.
import { spawn } from 'node:child_process';

const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@puja/api'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@puja/web'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_PORT: webPort, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children)
  child.once('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
