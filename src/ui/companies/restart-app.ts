import { APP_BASENAME } from '../common/app-basename';

/**
 * After the session changed company (switched, left): the app starts again on the fleet page,
 * since every area's state (machines, work orders, the role) was the old company's.
 */
export function restartApp(): void {
  window.location.assign(`${APP_BASENAME}/index/device`);
}
