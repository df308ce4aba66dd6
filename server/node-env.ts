// Imported first by server/index.ts. React and React Router choose their production or development
// builds from NODE_ENV when they are loaded; unset, a production server would render with the
// development builds (two to three times slower, see `npm run bench:http`). `--dev` (Vite) keeps development.
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production'
