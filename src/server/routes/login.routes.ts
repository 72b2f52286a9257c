import type { DataOf } from '../../contract/call';
import * as Login from '../../contract/login';
import type { UserRecord } from '../../ports/accounts-store.port';
import { defineRoute, type ApiRoute } from '../route-kit';
import { mapData } from '../outcome';
import type { SessionService, SignedIn } from '../services/session.service';
import { clearSessionCookie, isWebClient, setSessionCookie } from '../session-cookie';

type LoginUserWire = DataOf<typeof Login.UserLogin>;
type ProfileWire = Pick<LoginUserWire, keyof typeof Login.profileProperties>;

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

/** The login result's `Is{product}User` (spec 3): the brand's letters and digits, `IsLaserUser` for "Laser". */
export const staffFlagName = (brandName: string) => `Is${brandName.replace(/[^A-Za-z0-9]/g, '') || 'Product'}User`;

/** api/Login/*: logging in and out; the login result also carries Is{product}User for `brandName`. */
export function loginRoutes(sessions: SessionService, brandName = 'Laser'): ApiRoute[] {
  const flag = staffFlagName(brandName);
  return [
    defineRoute({
      call: Login.UserLogin,
      access: 'public',
      rateLimit: { max: 30, timeWindow: 60_000 },
      handle: async ({ body, request, reply }) => {
        const outcome = await sessions.login({ account: body.Account, email: body.Email, password: body.Password, code: body.Code, address: request.ip });
        // The web app gets its session as an HttpOnly cookie and an empty Token, so no page
        // script ever holds the token (ADR 0014); other clients get the Token as the spec says.
        const web = isWebClient(request.headers);
        if (web && outcome.ok) setSessionCookie(request, reply, outcome.data.token);
        return mapData(outcome, (signedIn) => ({ ...loginUserOf(web ? { ...signedIn, token: '' } : signedIn), [flag]: signedIn.user.isStaff ? 1 : 0 }));
      },
    }),
    defineRoute({
      call: Login.UserLogout,
      access: 'customer', needs: 'self',
      handle: ({ caller, request, reply }) => {
        clearSessionCookie(request, reply);
        return sessions.logout(caller!);
      },
    }),
  ];
}
