import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Keep the UI kit and React in their own long-cached chunks. Only what the first page
        // needs ('$initial'): staff-only components and charts stay in the dashboard's lazy chunks.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/files': 'http://127.0.0.1:3000' } },
});
