/** Time as the services see it; tests move it. */
export interface Clock {
  now(): Date;
}
