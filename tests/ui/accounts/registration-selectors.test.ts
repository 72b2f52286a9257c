import { describe, expect, it } from 'vitest';
import { sameRegistrationView, type RegistrationViewModel } from '../../../src/ui/accounts/registration.selectors';

const FORM = { contact: 'owner@laser.cn', address: 'No. 1', password: 'longenough', confirmation: 'longenough', realName: '', code: '' };

const model = (changes: Partial<RegistrationViewModel> = {}): RegistrationViewModel => ({
  language: 'en',
  mode: 'email',
  form: FORM,
  contactLocked: true,
  counting: true,
  sending: false,
  codeSentTo: 'owner@laser.cn',
  countdownEnded: false,
  manualReview: false,
  submitting: false,
  fieldErrors: {},
  formError: null,
  step: 'form',
  ...changes,
});

// A countdown's tick makes a new snapshot and so a new model each second; the form renders again
// only when what it shows changed (the seconds are the code button's alone).
describe('the registration view model', () => {
  it('is the same for two ticks of a countdown: new objects, the same fields', () => {
    const error = { key: 'accounts.validation.codeRequired' } as const;
    expect(sameRegistrationView(model(), model())).toBe(true);
    expect(sameRegistrationView(model({ fieldErrors: { code: error } }), model({ fieldErrors: { code: error } }))).toBe(true);
  });

  it('differs when the countdown ends, a field changes or an error comes', () => {
    expect(sameRegistrationView(model(), model({ counting: false, countdownEnded: true }))).toBe(false);
    expect(sameRegistrationView(model(), model({ form: { ...FORM, code: '1' } }))).toBe(false);
    expect(sameRegistrationView(model(), model({ fieldErrors: { code: { key: 'accounts.validation.codeRequired' } } }))).toBe(false);
  });
});
