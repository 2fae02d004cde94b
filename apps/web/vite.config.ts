import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The server serves dist/ in production; in development Vite proxies the API to it.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 400 },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/log-details': 'http://127.0.0.1:3000' },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
