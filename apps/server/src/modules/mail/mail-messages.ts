import { msg } from '@lingui/core/runtime-macro';
import type { Config } from '../../config';
import { translatorFor } from '../../i18n/translator';
import type { MailContent } from './mail-layout';

/** Who a mail is written to: the address and the language kept for them (null: English). */
export interface MailRecipient {
  email: string;
  language: string | null;
  username?: string | null;
}

type MailConfig = Pick<Config, 'appName'>;

/** The link in a password-reset mail is good for this long (issue 25). */
export const PASSWORD_RESET_MINUTES = 30;

/** "Reset your password": the link to the page that sets a new one. */
export function passwordResetMail(config: MailConfig, to: MailRecipient, link: string): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const minutes = PASSWORD_RESET_MINUTES;
  return {
    language: i18n.locale,
    appName,
    brand: 'buyer',
    subject: i18n._(msg`Reset your ${{ appName }} password`),
    preview: i18n._(msg`Someone asked to reset the password of your account. The link works for ${{ minutes }} minutes.`),
    heading: i18n._(msg`Reset your password`),
    paragraphs: [
      i18n._(msg`Someone, hopefully you, asked to reset the password of your ${{ appName }} account.`),
      i18n._(msg`Choose a new password with the button below. The link works once, for ${{ minutes }} minutes.`),
    ],
    button: { label: i18n._(msg`Choose a new password`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: i18n._(msg`If you did not ask for this, ignore this mail: your password stays as it is.`),
  };
}

/** "Your password was changed": after a reset (every session was signed out). */
export function passwordChangedMail(config: MailConfig, to: MailRecipient, loginLink: string, resetLink: string): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  return {
    language: i18n.locale,
    appName,
    brand: 'buyer',
    subject: i18n._(msg`Your ${{ appName }} password was changed`),
    preview: i18n._(msg`The password of your account was just changed and every device was signed out.`),
    heading: i18n._(msg`Your password was changed`),
    paragraphs: [
      i18n._(msg`The password of your ${{ appName }} account was just changed. Every device that was signed in has been signed out.`),
      i18n._(msg`If this was you, there is nothing to do.`),
    ],
    button: { label: i18n._(msg`Sign in`), url: loginLink },
    after: [i18n._(msg`If it was not you, choose a new password at once: ${{ resetLink }}`)],
    footer: i18n._(msg`You receive this security mail because the password of your account changed.`),
  };
}

/** "Confirm your e-mail address": sent at sign-up and on "Resend". */
export function verifyEmailMail(config: MailConfig, to: MailRecipient, link: string): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  return {
    language: i18n.locale,
    appName,
    brand: 'buyer',
    subject: i18n._(msg`Confirm your e-mail address for ${{ appName }}`),
    preview: i18n._(msg`One tap confirms that this address is yours.`),
    heading: i18n._(msg`Confirm your e-mail address`),
    paragraphs: [i18n._(msg`Welcome to ${{ appName }}! Confirm that this address is yours, so we can reach you about your orders and your account.`)],
    button: { label: i18n._(msg`Confirm my address`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: i18n._(msg`If you did not create an account, ignore this mail.`),
  };
}

/** The link in a verification mail is good for this long (decision 053). */
export const VERIFY_EMAIL_DAYS = 3;
/** The link that confirms a new address is good for this long (decision 053). */
export const CHANGE_EMAIL_HOURS = 24;

/** "Confirm your new e-mail address": sent to the new address; the account changes only once it is followed. */
export function confirmNewEmailMail(config: MailConfig, to: MailRecipient, link: string): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  const hours = CHANGE_EMAIL_HOURS;
  return {
    language: i18n.locale,
    appName,
    brand: 'buyer',
    subject: i18n._(msg`Confirm your new e-mail address for ${{ appName }}`),
    preview: i18n._(msg`One tap makes this the address of your account.`),
    heading: i18n._(msg`Confirm your new e-mail address`),
    paragraphs: [
      i18n._(msg`Someone, hopefully you, asked to use this address for their ${{ appName }} account.`),
      i18n._(msg`Confirm with the button below: the account then uses this address. The link works once, for ${{ hours }} hours.`),
    ],
    button: { label: i18n._(msg`Use this address`), url: link },
    after: [i18n._(msg`If the button does not work, open this address: ${{ link }}`)],
    footer: i18n._(msg`If you did not ask for this, ignore this mail: nothing changes.`),
  };
}

/** "Your address is about to change": sent to the old address when a change is asked for. */
export function emailChangeRequestedMail(config: MailConfig, to: MailRecipient, newEmail: string, resetLink: string): MailContent {
  const i18n = translatorFor(to.language);
  const appName = config.appName;
  return {
    language: i18n.locale,
    appName,
    brand: 'buyer',
    subject: i18n._(msg`A change of your ${{ appName }} e-mail address was asked for`),
    preview: i18n._(msg`Someone asked to change the address of your account to ${{ newEmail }}.`),
    heading: i18n._(msg`Your e-mail address may change`),
    paragraphs: [
      i18n._(msg`Someone signed in to your ${{ appName }} account asked to change its e-mail address to ${{ newEmail }}.`),
      i18n._(msg`The address changes only when the link sent to ${{ newEmail }} is followed. If this was you, there is nothing to do.`),
    ],
    button: { label: i18n._(msg`Choose a new password`), url: resetLink },
    after: [i18n._(msg`If it was not you, choose a new password at once: ${{ resetLink }}`)],
    footer: i18n._(msg`You receive this security mail because someone asked to change the e-mail address of your account.`),
  };
}
