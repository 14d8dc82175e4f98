/**
 * The texts of the e-mails the server sends, in English; each is a key of the message catalogs
 * (messages.<language>.json), so a mail goes out in its reader's language. `{name}` marks a value.
 */
export const MAIL_MESSAGES = {
  greeting: 'Hello {name},',
  resetSubject: 'Reset your {organisation} password',
  resetIntro: 'Someone asked to reset the password of your {organisation} account. To choose a new password, open this link:',
  resetExpiry: 'The link works once and expires in {minutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.',
  emailChangedSubject: 'Your e-mail address was changed',
  emailChanged: 'The e-mail address of your account was changed.',
  emailChangedNewAddress: 'New address: {email}',
  emailChangedWarning: 'If you did not make this change, contact an administrator at once: they can set your address back and sign out every device.',
  guessingSubject: 'Many sign-in attempts on your account',
  guessingIntro: 'Someone has tried many wrong passwords on your account in the last few minutes. Sign-ins to it from other places are slowed down for now; you can still sign in as usual.',
  guessingAdvice: 'If this was not you, make sure your password is long and used nowhere else, and tell an administrator.',
} as const;
