// Vite bundles the @fontsource stylesheets (and their font files); TypeScript only needs to know a
// side-effect import of a stylesheet is legal.
declare module '*.css';
