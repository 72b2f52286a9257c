import { walkRoutes, WALK_PARTS } from '../support/route-walk';

// A part of the walk of every route (tests/support/route-walk.ts): the staff routes in both languages.
walkRoutes(WALK_PARTS.staff);
