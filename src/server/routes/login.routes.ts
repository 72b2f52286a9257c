import type { DataOf } from '../../contract/call';
import * as Login from '../../contract/login';
import type { UserRecord } from '../../ports/accounts-store.port';
import { defineRoute, type ApiRoute } from '../route-kit';
import { mapData } from '../services/outcome';
import type { SessionService, SignedIn } from '../services/session.service';

type LoginUserWire = DataOf<typeof Login.UserLogin>;
type ProfileWire = Omit<LoginUserWire, 'Token'>;

/** The caller's profile with the spec's field names (spec 1 section 3); never the password hash. */
export const profileOf = (user: UserRecord): ProfileWire => ({
  UserId: user.id,
  Url: user.avatarUrl,
  Account: user.account,
  RealName: user.realName,
  Email: user.email ?? '',
  Mobile: user.mobile ?? '',
  IsDomestic: user.isDomestic === 1 ? '1' : '0',
  IsStaff: user.isStaff ? 1 : 0,
  CamEmail: user.camEmail ?? '',
});

/** The `user` the client stores after login: the profile with the session token. */
const loginUserOf = ({ user, token }: SignedIn): LoginUserWire => ({ ...profileOf(user), Token: token });

/** api/Login/*: logging in and out. */
export function loginRoutes(sessions: SessionService): ApiRoute[] {
  return [
    defineRoute({
      call: Login.UserLogin,
      access: 'public',
      rateLimit: { max: 30, timeWindow: 60_000 },
      handle: async ({ body, request }) =>
        mapData(await sessions.login({ account: body.Account, email: body.Email, password: body.Password, code: body.Code, address: request.ip }), loginUserOf),
    }),
    defineRoute({
      call: Login.UserLogout,
      access: 'customer',
      handle: ({ caller }) => sessions.logout(caller!),
    }),
  ];
}
