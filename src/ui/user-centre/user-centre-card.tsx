/** A card of the user centre. */
export { SectionCard as Card } from '../common/section-card';

/** A wire time's day, and its time to the minute, in the browser's zone ('—' for none): the names the user centre's cards use. */
export { localDay as day, localDateTime as dayTime } from '../common/local-time';
