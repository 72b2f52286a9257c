/** The app lives under /app/ (vite `base`). A module of its own: the route table and common parts alike read it. */
export const APP_BASENAME = '/app';
