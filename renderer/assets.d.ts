// Vite imports CSS for its side effect (bundled into dist/renderer/assets).
declare module '*.css';
