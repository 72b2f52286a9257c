import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canSubmitReset,
  isEmail,
  isPhone,
  knownRefusal,
  messageOfAnswer,
  registrationSetup,
  resendSeconds,
  validateCodeRequest,
  validateLogin,
  validatePasswordReset,
  validateRegistration,
  validateResetCodeRequest,
  type AccountsMessageKey,
  type RegistrationCheck,
} from '../../../src/domain/accounts/validation';
import { refused } from '../../../src/domain/shared/refused';

const FC = { numRuns: 300, seed: Number(process.env.FC_SEED ?? 20250101) };

describe('patterns', () => {
  it.each(['a@b.cn', 'john.doe+cut@laser-works.com', 'A_B%x@mail.example.org'])('accepts e-mail %s', (v) =>
    expect(isEmail(v)).toBe(true),
  );
  it.each(['', 'plain', 'a@b', 'a@b.c', 'a b@c.com', '@c.com', 'a@.com', 'a@b.c0'])('rejects e-mail %j', (v) =>
    expect(isEmail(v)).toBe(false),
  );
  it.each(['13800138000', '86 13800138000', '(010) 6552-1234', '021-12345678', '+85221234567'])(
    'accepts phone %s',
    (v) => expect(isPhone(v)).toBe(true),
  );
  it.each(['', 'abc', '12', '138-', '+86 abc', '138 0013 8000x'])('rejects phone %j', (v) => expect(isPhone(v)).toBe(false));
});

describe('login rules', () => {
  it('asks for the account first, then the password', () => {
    expect(validateLogin({ account: '', password: '' })).toBe('accounts.validation.accountRequired');
    expect(validateLogin({ account: '  ', password: 'x' })).toBe('accounts.validation.accountRequired');
    expect(validateLogin({ account: 'bob', password: '' })).toBe('accounts.validation.passwordRequired');
    expect(validateLogin({ account: 'bob', password: 'secret' })).toBeNull();
  });
});

describe('registration setup from the l query', () => {
  it('zh_cn forces Chinese e-mail registration, any other value English', () => {
    expect(registrationSetup('zh_cn', 'en')).toEqual({ language: 'zh', mode: 'email' });
    expect(registrationSetup('en_us', 'zh')).toEqual({ language: 'en', mode: 'email' });
    expect(registrationSetup('', 'zh')).toEqual({ language: 'en', mode: 'email' });
  });
  it('without l the UI language decides: Chinese registers by phone', () => {
    expect(registrationSetup(null, 'zh')).toEqual({ language: 'zh', mode: 'phone' });
    expect(registrationSetup(null, 'en')).toEqual({ language: 'en', mode: 'email' });
  });
});

const validEmail: RegistrationCheck = {
  mode: 'email',
  contact: 'owner@laser.cn',
  password: 'longenough',
  confirmation: 'longenough',
  address: 'No. 1 Laser Road',
  code: '123456',
  codeSentTo: 'owner@laser.cn',
  manualReview: false,
};

describe('registration rules', () => {
  it('accepts a complete form', () => {
    expect(validateRegistration(validEmail)).toBeNull();
    expect(
      validateRegistration({ ...validEmail, mode: 'phone', contact: '13800138000', codeSentTo: '13800138000' }),
    ).toBeNull();
  });

  it.each<[Partial<RegistrationCheck>, AccountsMessageKey]>([
    [{ contact: '' }, 'accounts.validation.emailRequired'],
    [{ contact: '', mode: 'phone' }, 'accounts.validation.phoneRequired'],
    [{ password: '' }, 'accounts.validation.passwordRequired'],
    [{ password: 'short', confirmation: 'short' }, 'accounts.validation.passwordTooShort'],
    [{ address: '  ' }, 'accounts.validation.addressRequired'],
    [{ contact: 'owner@laser', codeSentTo: 'owner@laser' }, 'accounts.validation.emailFormat'],
    [{ mode: 'phone', contact: 'abc', codeSentTo: 'abc' }, 'accounts.validation.phoneFormat'],
    [{ confirmation: 'different1' }, 'accounts.validation.passwordMismatch'],
    [{ code: '' }, 'accounts.validation.codeRequired'],
    [{ codeSentTo: null }, 'accounts.validation.codeExpired'],
    [{ codeSentTo: 'other@laser.cn' }, 'accounts.validation.codeExpired'],
  ])('%j -> %s', (change, key) => {
    expect(validateRegistration({ ...validEmail, ...change })).toBe(key);
  });

  it('needs no code in manual review', () => {
    expect(validateRegistration({ ...validEmail, code: '', codeSentTo: null, manualReview: true })).toBeNull();
  });

  it('reports the address before a bad e-mail format and a bad format before a mismatch (spec order)', () => {
    expect(validateRegistration({ ...validEmail, contact: 'bad', address: '' })).toBe('accounts.validation.addressRequired');
    expect(validateRegistration({ ...validEmail, contact: 'bad', confirmation: 'x' })).toBe('accounts.validation.emailFormat');
  });

  // An independent reading of spec 1 section 5, rules 1 to 7 (with DECISIONS' length rule after rule 2).
  const oracle = (i: RegistrationCheck): AccountsMessageKey | null => {
    const checks: [boolean, AccountsMessageKey][] = [
      [i.contact.trim().length === 0, i.mode === 'phone' ? 'accounts.validation.phoneRequired' : 'accounts.validation.emailRequired'],
      [i.password.length === 0, 'accounts.validation.passwordRequired'],
      [i.password.length < 8, 'accounts.validation.passwordTooShort'],
      [i.address.trim().length === 0, 'accounts.validation.addressRequired'],
      [i.mode === 'email' && !isEmail(i.contact), 'accounts.validation.emailFormat'],
      [i.mode === 'phone' && !isPhone(i.contact), 'accounts.validation.phoneFormat'],
      [i.password !== i.confirmation, 'accounts.validation.passwordMismatch'],
      [!i.manualReview && i.code.trim().length === 0, 'accounts.validation.codeRequired'],
      [!i.manualReview && i.codeSentTo !== i.contact.trim(), 'accounts.validation.codeExpired'],
    ];
    return checks.find(([fails]) => fails)?.[1] ?? null;
  };

  const contactArb = fc.constantFrom('', ' ', 'owner@laser.cn', 'owner@laser', '13800138000', '+86 138 0013 8000', 'abc');
  const passwordArb = fc.constantFrom('', 'short', 'longenough', 'another-long-one');
  const inputArb: fc.Arbitrary<RegistrationCheck> = fc.record({
    mode: fc.constantFrom('email' as const, 'phone' as const),
    contact: contactArb,
    password: passwordArb,
    confirmation: passwordArb,
    address: fc.constantFrom('', '  ', 'No. 1 Laser Road'),
    code: fc.constantFrom('', '123456'),
    codeSentTo: fc.constantFrom(null, 'owner@laser.cn', '13800138000', 'abc'),
    manualReview: fc.boolean(),
  });

  it('property: the reported message is the first failing rule in spec order', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(validateRegistration(input)).toBe(oracle(input));
      }),
      FC,
    );
  });

  it('property: a form that passes has every required field and matching passwords', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        if (validateRegistration(input) !== null) return;
        expect(input.contact.trim()).not.toBe('');
        expect(input.address.trim()).not.toBe('');
        expect(input.password.length).toBeGreaterThanOrEqual(8);
        expect(input.password).toBe(input.confirmation);
        if (!input.manualReview) expect(input.code.trim()).not.toBe('');
      }),
      FC,
    );
  });

  it('a code request needs the contact filled and well formed', () => {
    expect(validateCodeRequest('email', '')).toBe('accounts.validation.emailRequired');
    expect(validateCodeRequest('phone', ' ')).toBe('accounts.validation.phoneRequired');
    expect(validateCodeRequest('email', 'x@y')).toBe('accounts.validation.emailFormat');
    expect(validateCodeRequest('phone', 'x')).toBe('accounts.validation.phoneFormat');
    expect(validateCodeRequest('email', 'x@y.cn')).toBeNull();
  });
});

describe('password reset rules', () => {
  const valid = { account: 'a@b.cn', code: '123456', password: 'newpassword', confirmation: 'newpassword', codeSentTo: 'a@b.cn' };
  it('accepts a complete form and rejects a foreign account', () => {
    expect(validatePasswordReset(valid)).toBeNull();
    expect(validatePasswordReset({ ...valid, codeSentTo: 'c@d.cn' })).toBe('accounts.validation.codeExpired');
    expect(validatePasswordReset({ ...valid, codeSentTo: null })).toBe('accounts.validation.codeExpired');
    expect(validatePasswordReset({ ...valid, confirmation: '' })).toBe('accounts.validation.confirmationRequired');
    expect(validatePasswordReset({ ...valid, confirmation: 'newpassworx' })).toBe('accounts.validation.passwordMismatch');
  });
  it('submit needs account and code', () => {
    expect(canSubmitReset({ account: 'a', code: '' })).toBe(false);
    expect(canSubmitReset({ account: '', code: '1' })).toBe(false);
    expect(canSubmitReset({ account: 'a', code: '1' })).toBe(true);
  });
  it('sends the code by mail or SMS depending on the account', () => {
    expect(validateResetCodeRequest('a@b.cn')).toEqual({ channel: 'email' });
    expect(validateResetCodeRequest('13800138000')).toEqual({ channel: 'phone' });
    expect(validateResetCodeRequest('')).toEqual({ error: 'accounts.validation.accountRequired' });
    expect(validateResetCodeRequest('a@b')).toEqual({ error: 'accounts.validation.emailFormat' });
    expect(validateResetCodeRequest('abc')).toEqual({ error: 'accounts.validation.phoneFormat' });
  });
});

describe('answers', () => {
  it('says a known refusal in the user language, another in the server words, and nothing for the rest', () => {
    expect(messageOfAnswer(knownRefusal('codeError'))).toEqual({ key: 'accounts.validation.codeError' });
    expect(messageOfAnswer(refused(' Too many tries, wait 5 minutes '))).toEqual({ text: 'Too many tries, wait 5 minutes' });
    expect(messageOfAnswer({ kind: 'sent' })).toBeNull();
  });
  it('reads resend seconds defensively', () => {
    expect(resendSeconds(60)).toBe(60);
    expect(resendSeconds(45)).toBe(45);
    expect(resendSeconds('123456')).toBe(60);
    expect(resendSeconds(-3)).toBe(60);
    expect(resendSeconds(6000)).toBe(60);
  });
});
