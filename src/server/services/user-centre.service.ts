import type { Readable } from 'node:stream';
import { contactProblem } from '../../domain/accounts/account-rules';
import { AREA_LEVELS } from '../../domain/accounts/area-levels';
import type { AreaCatalogPort } from '../../ports/area-catalog.port';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, profileProblem } from '../../domain/accounts/profile-rules';
import { feedbackFileProblem, extensionOf } from '../../domain/feedback/feedback-rules';
import { stripWhitespace } from '../../domain/feedback/question-rules';
import { normaliseContact, PASSWORD_MIN_LENGTH } from '../../domain/shared/contact-patterns';
import type { PasswordHasherPort, UserRecord, UserRepository } from '../../ports/accounts-store.port';
import { FileRejectedError, type FileStorePort } from '../../ports/file-store.port';
import type { MachineStore } from '../../ports/machine-store.port';
import type { UserCentreStore, WarrantyRecord, WarrantyRegistryPort } from '../../ports/user-centre-store.port';
import type { Clock } from '../../ports/clock.port';
import type { UnitOfWork } from '../../ports/unit-of-work.port';
import { done, refuse, type Outcome } from '../outcome';
import type { Caller, PasswordRefusal, SessionService } from './session.service';
import { codeRefusalOf, type CodeRefusal, type VerificationCodeService } from './verification-code.service';

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'];
const IMAGE_TYPES = new Set(AVATAR_TYPES);

/** The profile save as the server receives it. */
export interface ProfileSave {
  realName: string;
  mobile?: string;
  fullPathId?: string;
  fullPathName?: string;
  address?: string;
  oldPassword?: string;
  password?: string;
  confirmation?: string;
}

/** A warranty row with the state worked out. */
export interface WarrantyRow extends WarrantyRecord {
  underWarranty: boolean;
}

/** The user centre: the caller's profile, its save, the avatar, the e-mail change and the warranty table. */
export class UserCentreService {
  constructor(
    private readonly users: UserRepository,
    private readonly store: UserCentreStore,
    private readonly sessions: SessionService,
    private readonly hasher: PasswordHasherPort,
    private readonly codes: VerificationCodeService,
    private readonly files: FileStorePort,
    private readonly machines: MachineStore,
    private readonly warranty: WarrantyRegistryPort,
    private readonly clock: Clock,
    /** The code's use and the new address commit together (ADR 0027). */
    private readonly unitOfWork: UnitOfWork,
    /** The registration cascade's catalogue: a saved region must be a chain of it (none given: not checked). */
    private readonly areas?: AreaCatalogPort,
  ) {}

  /**
   * The region as stored: each id of the dash-joined chain an area under the one before it in the
   * catalogue, and the names the catalogue's (in the language the browser named them), so a
   * crafted save cannot store a region that does not exist. Null when the chain is not one.
   */
  private regionOf(fullPathId: string, fullPathName: string): { fullPathId: string; fullPathName: string } | null {
    const id = fullPathId.trim();
    if (!id) return { fullPathId: '', fullPathName: '' };
    if (!this.areas) return { fullPathId: id, fullPathName: fullPathName.trim() };
    const ids = id.split('-');
    if (ids.length > AREA_LEVELS.length || ids.some((part) => !/^\d{1,9}$/.test(part))) return null;
    const lang = /[\u3400-\u9fff]/.test(fullPathName) ? 'zh' : 'en';
    const names: string[] = [];
    let parent = 0;
    for (const [i, part] of ids.entries()) {
      const area = this.areas.list(AREA_LEVELS[i]!, parent, lang).find((a) => a.countryid === Number(part));
      if (!area) return null;
      names.push(area.countryname);
      parent = area.countryid;
    }
    return { fullPathId: ids.join('-'), fullPathName: names.join('/') };
  }

  /**
   * The saved region named in `lang` by the catalogue: each level found by its id under the one
   * before, or by its saved name (ids of older saves are not the catalogue's); null when a level
   * is neither, so the saved text stays.
   */
  private regionNamed(fullPathId: string, fullPathName: string, lang: 'zh' | 'en'): string | null {
    if (!this.areas || !fullPathId.trim()) return null;
    const ids = fullPathId.trim().split('-');
    const saved = fullPathName.split('/').map((n) => n.trim());
    if (ids.length > AREA_LEVELS.length) return null;
    const names: string[] = [];
    let parent = 0;
    for (const [i, part] of ids.entries()) {
      const level = AREA_LEVELS[i]!;
      const options = this.areas.list(level, parent, lang);
      const area = options.find((a) => a.countryid === Number(part)) ?? options.find((a) => a.namezh === saved[i] || a.nameen === saved[i]);
      if (!area) return null;
      names.push(area.countryname);
      parent = area.countryid;
    }
    return names.join('/');
  }

  /** GetUsers: the caller's own record (its region named in `lang` when asked); an account naming someone else finds nothing. */
  async profile(caller: Caller, account?: string, lang?: 'zh' | 'en'): Promise<Outcome<UserRecord[]>> {
    const user = await this.users.findById(caller.userId);
    if (!user) return done([]);
    const named = (account ?? '').trim();
    if (named && normaliseContact(named) !== user.account && normaliseContact(named) !== user.email) return done([]);
    const region = lang ? this.regionNamed(user.fullPathId, user.fullPathName, lang) : null;
    return done([region === null ? user : { ...user, fullPathName: region }]);
  }

  /**
   * Save: the profile rules of spec 2 section 5; a new password needs the old one, checked through
   * the login's own path (its throttle), and then ends every other session of the caller.
   */
  async save(caller: Caller, input: ProfileSave, clientAddress = ''): Promise<Outcome<UserRecord, 'nameErr' | 'phoneErr' | 'oldErr' | 'newErr' | 'passwordTooShort' | 'areaUnknown' | PasswordRefusal>> {
    const entry = {
      realName: input.realName ?? '',
      mobile: input.mobile ?? '',
      password: input.password ?? '',
      oldPassword: input.oldPassword ?? '',
      confirmation: input.confirmation ?? '',
    };
    const problem = profileProblem(entry);
    if (problem === 'passwordTooShort') return refuse(problem, { min: PASSWORD_MIN_LENGTH });
    if (problem) return refuse(problem);
    const me = await this.users.findById(caller.userId);
    if (!me) return refuse('wrongCredentials');
    // The region the account has (registration's, or an older catalogue's) stays as it is; a new one must be a chain of the catalogue.
    const sameRegion = (input.fullPathId ?? '').trim() === me.fullPathId;
    const region = sameRegion ? { fullPathId: me.fullPathId, fullPathName: me.fullPathName } : this.regionOf(input.fullPathId ?? '', input.fullPathName ?? '');
    if (!region) return refuse('areaUnknown');
    let passwordHash: string | undefined;
    if (entry.password) {
      const checked = await this.sessions.checkPassword({ account: me.account, password: entry.oldPassword, address: clientAddress });
      if (!checked.ok) return checked;
      passwordHash = await this.hasher.hash(entry.password);
    }
    const mobile = entry.mobile.trim();
    await this.store.updateProfile(
      caller.userId,
      {
        realName: entry.realName.trim(),
        mobile: mobile ? normaliseContact(mobile) : null,
        fullPathId: region.fullPathId,
        fullPathName: region.fullPathName,
        address: (input.address ?? '').trim(),
      },
      passwordHash,
    );
    if (passwordHash) await this.store.revokeOtherSessions(caller.userId, caller.tokenHash, this.clock.now());
    return done((await this.users.findById(caller.userId))!);
  }

  /** ChangeEmail: the new address must be free, and the code RegisterEmlie mailed to it is checked here only. */
  async changeEmail(
    caller: Caller,
    emailInput: string,
    code: string,
  ): Promise<Outcome<UserRecord, 'emailEmpty' | 'emailFormat' | 'emailDuplicate' | 'codeEmpty' | CodeRefusal>> {
    const problem = contactProblem('email', emailInput);
    if (problem) return refuse(problem === 'contactRequired' ? 'emailEmpty' : 'emailFormat');
    const email = normaliseContact(emailInput);
    const owner = await this.users.findByEmail(email);
    if (owner && owner.id !== caller.userId) return refuse('emailDuplicate');
    if (!code.trim()) return refuse('codeEmpty');
    // A wrong code's try counts (the refusal commits); a taken address leaves the code unspent.
    return this.unitOfWork.run<Outcome<UserRecord, CodeRefusal>>(async ({ codes, users }) => {
      const refused = codeRefusalOf(await this.codes.verify(email, code, codes));
      if (refused) return refuse(refused);
      if (!(await users.setEmail(caller.userId, email))) throw new AddressTaken();
      return done((await users.findById(caller.userId))!);
    }).catch((error: unknown) => {
      if (error instanceof AddressTaken) return refuse('emailDuplicate');
      throw error;
    });
  }

  /** UploadAvatar: an image by its content, at most 2 MB; the old avatar's file is removed. */
  async uploadAvatar(caller: Caller, content: Readable, fileName: string): Promise<Outcome<string, 'badFileName' | 'notAnImage' | 'tooLarge'>> {
    if (feedbackFileProblem(fileName, 'main') === 'badName') return drained(content, 'badFileName');
    if (!IMAGE_EXTENSIONS.includes(extensionOf(fileName))) return drained(content, 'notAnImage');
    let stored;
    try {
      stored = await this.files.put(content, { filename: fileName, maxBytes: AVATAR_MAX_BYTES });
    } catch (error) {
      if (error instanceof FileRejectedError) return refuse(error.status === 413 ? 'tooLarge' : 'badFileName');
      throw error;
    }
    if (!stored.detected || !IMAGE_TYPES.has(stored.detected.mime)) {
      await this.files.remove(stored.id);
      return refuse('notAnImage');
    }
    const url = `/api/User/Avatar/${stored.id}/avatar.${stored.detected.ext}`;
    const old = await this.store.setAvatar(caller.userId, stored.id, url);
    if (old) await this.files.remove(old);
    return done(url);
  }

  /** The bytes of an avatar (public: avatars are shown to whoever has the link), with its type. */
  async openAvatar(id: string): Promise<{ stream: Readable; size: number } | null> {
    if (!/^[0-9a-f]{32}$/.test(id)) return null;
    return this.files.open(id);
  }

  /** QualityAssurance/GetList: warranty of the caller's company's machines, searched by order number without whitespace. */
  async warrantyRows(caller: Caller, search = ''): Promise<Outcome<WarrantyRow[]>> {
    const needle = stripWhitespace(search).toLowerCase();
    const mine = (await this.machines.listByOwner(caller.companyId)).filter((m) => m.orderNumber.toLowerCase().includes(needle));
    const records = new Map((await this.warranty.warrantyOf(mine.map((m) => m.orderNumber))).map((r) => [r.orderNumber, r]));
    const now = this.clock.now().getTime();
    return done(
      mine.map((m) => {
        const r = records.get(m.orderNumber) ?? emptyWarranty(m.orderNumber);
        const until = r.extendedUntil ?? r.guaranteeUntil;
        return { ...r, underWarranty: until !== null && until.getTime() >= now };
      }),
    );
  }
}

const emptyWarranty = (orderNumber: string): WarrantyRecord => ({
  orderNumber,
  deliveryTime: null,
  marketingDept: '',
  belongDept: '',
  laserBrand: '',
  guaranteeUntil: null,
  extendedUntil: null,
  extendedType: '',
});

/** A refusal before the file's bytes were read: they are drained so the request can end. */
function drained<R extends string>(content: Readable, refusal: R) {
  content.resume();
  return refuse(refusal);
}

/** Rolls the e-mail change back when another account took the address meanwhile (the code stays unspent). */
class AddressTaken extends Error {}
