// English words of the account screens: people, invitations, password reset, registration,
// unsubscribe and the organisation choice after sign-in.

const userFields = {
  name: 'Name',
  email: 'E-mail address',
  firstName: 'First name',
  lastName: 'Last name',
  role: 'Role',
  status: 'Status',
  organisations: 'Organisations',
  organisationName: 'Organisation',
  lastLogin: 'Last sign-in',
  secondFactor: 'Two-step sign-in',
  language: 'Language',
  timezone: 'Time zone',
  reportCategories: 'Report categories',
  organisationId: 'Organisation',
  password: 'Password',
};

export const userResourcesEn = {
  users: { name: 'User |||| Users', fields: userFields },
  'portal/users': { name: "Customers' user |||| Customers' users", fields: userFields },
  'admin/sso-providers': {
    name: 'Single sign-on provider |||| Single sign-on',
    fields: {
      organisationId: 'Organisation',
      organisationName: 'Organisation',
      emailDomain: 'E-mail domain',
      name: 'Name shown at sign-in',
      issuer: 'Issuer URL',
      clientId: 'Client id',
      clientSecret: 'Client secret',
      createUsers: 'Create accounts at first sign-in',
      defaultRole: 'Role of new accounts',
      type: 'Protocol',
      metadataUrl: 'Identity provider metadata URL',
      callbackUrl: 'Answers come back to',
      spEntityId: 'Our entity id',
    },
  },
};

export const usersEn = {
  customers_title: "Customers' users",
  create_title: 'Create a user',
  create_password_help:
    'Creates the account at once, without an invitation: tell the person their password. At least 10 characters, hard to guess.',
  roles: { internal: 'Staff', admin: 'Admin', viewer: 'Viewer' },
  statuses: {
    active: 'Active',
    invited: 'Invited',
    'invitation-expired': 'Invitation expired',
  },
  invite: {
    open: 'Invite users',
    title: 'Invite users',
    many: "Invite several of a customer's people at once: each gets their own link by e-mail.",
    emails: 'E-mail addresses',
    emails_help: 'Separate addresses with commas',
    emails_count: '%{smart_count} address |||| %{smart_count} addresses',
    invalid: 'Not e-mail addresses: %{emails}',
    send: 'Send invitations',
    sent: 'Invitation sent |||| %{smart_count} invitations sent',
    sent_skipping: '%{sent}; already in the organisation, not invited: %{emails}',
    no_customers: 'You have no customer organisations hiring from you at the moment.',
  },
  reinvite: 'Send the invitation again',
  reinvited: 'A new invitation went to %{email}; the old link no longer works.',
  saved: 'Changes to %{name} saved.',
  read_only: 'You have read-only access: an admin of the organisation can change these details.',
};

export const accountsEn = {
  new_password: 'New password',
  repeat_password: 'Repeat the password',
  password_rule: 'At least %{min} characters; several unusual words are best.',
  passwords_differ: 'The two passwords differ.',
  back_to_sign_in: 'Back to sign-in',
  codes: {
    EXPIRED_CODE: 'This reset link has expired. Ask for a new one.',
    INVALID_CODE: 'This reset link is not valid or was already used. Ask for a new one.',
    USER_DISABLED: 'This account has been disabled. Please contact your administrator.',
    WEAK_PASSWORD:
      'This password is too easy to guess. Use at least 10 characters: several unusual words, not names, dates or common passwords.',
    INVALID_TOKEN:
      'This link is not valid. Please check that you opened the whole link from the e-mail.',
    EXPIRED: 'This link has expired.',
    ALREADY_ACCEPTED: 'This invitation was already accepted.',
    EMAIL_ALREADY_EXISTS: 'Already in the organisation:',
    EMAIL_NOT_CONFIRMED:
      'Please confirm your e-mail address with the link we sent you before signing in.',
    REGISTRATION_CLOSED:
      'This portal does not take new registrations. Ask the company you hire from, or your administrator, for an invitation.',
    LAST_ADMIN: 'An organisation must keep at least one admin.',
    NETWORK_ERROR:
      "We couldn't connect to the product, please check your internet connection and try again. If problem persists, please contact support",
    SERVER_ERROR:
      'Something went wrong, please try again later. If problem persists, please contact support',
    TOO_MANY_ATTEMPTS: 'Too many attempts. Please wait a few minutes and try again.',
  },
  forgot: {
    link: 'Forgot your password?',
    title: 'Reset your password',
    subtitle: 'We will e-mail you a link to choose a new password.',
    send: 'Send the link',
    sent_title: 'Check your e-mail',
    sent: 'If %{email} has an account, a link to reset its password is on its way. It works for one hour.',
    send_again: 'Send it again',
    ask_again: 'Ask for a new link',
  },
  reset: {
    title: 'Choose a new password',
    subtitle: 'For %{email}',
    save: 'Save the new password',
    done: 'Your password is changed, and you are signed out everywhere else. Sign in with the new password.',
  },
  rsvp: {
    title: 'Your invitation',
    invited: '%{who} invited you to %{organisation} as %{role}.',
    someone: 'An administrator',
    existing_account:
      'You already have an account with this address: accepting adds this organisation to it. Sign in with your usual password.',
    accept: 'Accept the invitation',
    accepted: 'Welcome to %{organisation}. Sign in to start.',
    INVALID_TOKEN:
      'This invitation link is not valid. Please check that you opened the whole link from the e-mail, or ask for a new invitation.',
    EXPIRED: 'This invitation has expired. Ask the person who invited you to send it again.',
    ALREADY_ACCEPTED: 'This invitation was already accepted. Sign in with your account.',
    SERVER_ERROR:
      'Something went wrong opening this invitation, please try again later. If problem persists, please contact support',
    NETWORK_ERROR:
      "We couldn't connect to the product, please check your internet connection and try again.",
  },
  register: {
    link: 'Register an organisation',
    title: 'Register your organisation',
    subtitle: 'You become its first admin; we e-mail you a link to confirm your address.',
    organisation_name: 'Organisation name',
    organisation_type: 'Organisation type',
    types: {
      rental: 'Rental company',
      'rental-end-user': 'Rental company that also hires in',
      'end-user': 'Contractor or machine user',
    },
    types_help: {
      rental: 'You hire machines out to customers.',
      'rental-end-user': 'You hire machines out, and hire in from other rental companies.',
      'end-user': 'You run your own machines or hire them in.',
    },
    submit: 'Register',
    sent: 'Almost done: we sent a link to %{email}. Follow it to confirm your address, then sign in.',
    confirm_title: 'Confirm your e-mail address',
    confirmed: 'Your address is confirmed. Sign in to start.',
    INVALID_TOKEN: 'This confirmation link is not valid.',
    EXPIRED: 'This confirmation link has expired. Please register again.',
    ALREADY_ACCEPTED: 'This address is already confirmed. Sign in.',
  },
  unsubscribe: {
    title: 'Unsubscribe',
    question: 'Stop receiving %{kind} e-mails from the fleet portal?',
    confirm: 'Unsubscribe',
    done: '%{email} will no longer receive %{kind} e-mails.',
    INVALID_TOKEN: 'This unsubscribe link is not valid or has expired.',
    stop_all: 'Stop all e-mails from the fleet portal instead',
    done_all:
      '%{email} will no longer receive e-mails from the fleet portal, except those asked for (such as a password reset).',
  },
  email_types: {
    invitations: 'invitation',
    'shared-locations': 'shared location',
    reports: 'report',
    alerts: 'alert',
  },
  custom_token: {
    title: 'Signing you in',
    signing_in: 'Signing you in…',
    failed:
      'This sign-in link cannot be used: it is not valid, was already used or has expired. Open it again from your application, or sign in with your e-mail address.',
    to_login: 'Go to sign-in',
  },
  sso: {
    title: 'Single sign-on',
    redirecting: 'Taking you to your organisation’s sign-in…',
    finishing: 'Signing you in…',
    codes: {
      SSO_NOT_CONFIGURED:
        'No single sign-on is set up for this e-mail domain. Sign in with your password, or ask your administrator.',
      SSO_STATE_INVALID:
        'This sign-in was not started here, was already used or took too long. Please start again.',
      SSO_PROVIDER_REFUSED:
        'Your organisation’s sign-in service did not sign you in. Please try again, or ask your administrator.',
      SSO_NO_ACCOUNT:
        'Your organisation has not given you access to the portal yet. Ask your administrator for an invitation.',
      SSO_WRONG_DOMAIN:
        'Your organisation’s sign-in service signed in another address than the one you gave.',
      NETWORK_ERROR:
        "We couldn't connect to the product, please check your internet connection and try again.",
      SERVER_ERROR:
        'Something went wrong signing you in, please try again later. If problem persists, please contact support',
    },
  },
  sso_providers: {
    domain_help: 'Addresses @ this domain sign in through this provider.',
    issuer_help: 'The OpenID provider’s issuer; its /.well-known/openid-configuration is read.',
    secret_kept: 'Leave empty to keep the stored secret.',
    create_users_help: 'Otherwise only people invited first can sign in.',
    metadata_help:
      'The SAML 2.0 metadata address of the identity provider; it is read when you save.',
    register_help:
      'Register these two addresses at the identity provider (our metadata is at the entity id).',
  },
  selection: {
    title: 'Where to?',
    subtitle:
      'You belong to several organisations. Choose one; you can switch later from the user menu.',
  },
};
