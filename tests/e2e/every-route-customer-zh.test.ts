import { walkRoutes, WALK_PARTS } from '../support/route-walk';

// A part of the walk of every route (tests/support/route-walk.ts): the customer's routes in Chinese.
walkRoutes(WALK_PARTS['customer-zh']);
