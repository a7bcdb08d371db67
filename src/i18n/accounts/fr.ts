// Français : les écrans de compte.
import type { accountsEn, userResourcesEn, usersEn } from './en.ts';
import type { Catalog } from '../catalog.ts';

const userFields = {
  name: 'Nom',
  email: 'Adresse e-mail',
  firstName: 'Prénom',
  lastName: 'Nom de famille',
  role: 'Rôle',
  status: 'Statut',
  organisations: 'Organisations',
  organisationName: 'Organisation',
  lastLogin: 'Dernière connexion',
  secondFactor: 'Connexion en deux étapes',
  language: 'Langue',
  timezone: 'Fuseau horaire',
  reportCategories: 'Catégories de rapports',
  organisationId: 'Organisation',
  password: 'Mot de passe',
};

export const userResourcesFr: Catalog<typeof userResourcesEn> = {
  users: { name: 'Utilisateur |||| Utilisateurs', fields: userFields },
  'portal/users': { name: 'Utilisateur client |||| Utilisateurs clients', fields: userFields },
  'admin/sso-providers': {
    name: "Fournisseur d'authentification unique |||| Authentification unique",
    fields: {
      organisationId: 'Organisation',
      organisationName: 'Organisation',
      emailDomain: 'Domaine e-mail',
      name: 'Nom affiché à la connexion',
      issuer: "URL de l'émetteur",
      clientId: 'Identifiant client',
      clientSecret: 'Secret client',
      createUsers: 'Créer les comptes à la première connexion',
      defaultRole: 'Rôle des nouveaux comptes',
      type: 'Protocole',
      metadataUrl: 'URL des métadonnées du fournisseur d’identité',
      callbackUrl: 'Les réponses reviennent à',
      spEntityId: 'Notre entity id',
    },
  },
};

export const usersFr: Catalog<typeof usersEn> = {
  customers_title: 'Utilisateurs des clients',
  create_title: 'Créer un utilisateur',
  create_password_help:
    'Crée le compte aussitôt, sans invitation : communiquez son mot de passe à la personne. Au moins 10 caractères, difficile à deviner.',
  roles: { internal: 'Personnel', admin: 'Administrateur', viewer: 'Lecteur' },
  statuses: { active: 'Actif', invited: 'Invité', 'invitation-expired': 'Invitation expirée' },
  invite: {
    open: 'Inviter des utilisateurs',
    title: 'Inviter des utilisateurs',
    many: "Invitez plusieurs personnes d'un client en une fois : chacune reçoit son propre lien par e-mail.",
    emails: 'Adresses e-mail',
    emails_help: 'Séparez les adresses par des virgules',
    emails_count: '%{smart_count} adresse |||| %{smart_count} adresses',
    invalid: 'Pas des adresses e-mail : %{emails}',
    send: 'Envoyer les invitations',
    sent: 'Invitation envoyée |||| %{smart_count} invitations envoyées',
    sent_skipping: '%{sent} ; déjà dans l’organisation, non invitées : %{emails}',
    no_customers: 'Aucune organisation cliente ne loue chez vous en ce moment.',
  },
  reinvite: "Renvoyer l'invitation",
  reinvited: "Une nouvelle invitation est partie à %{email} ; l'ancien lien ne fonctionne plus.",
  saved: 'Modifications de %{name} enregistrées.',
  read_only:
    "Vous avez un accès en lecture seule : un administrateur de l'organisation peut modifier ces informations.",
};

export const accountsFr: Catalog<typeof accountsEn> = {
  new_password: 'Nouveau mot de passe',
  repeat_password: 'Répétez le mot de passe',
  password_rule: 'Au moins %{min} caractères ; plusieurs mots inhabituels, c’est le mieux.',
  passwords_differ: 'Les deux mots de passe diffèrent.',
  back_to_sign_in: 'Retour à la connexion',
  codes: {
    EXPIRED_CODE: 'Ce lien de réinitialisation a expiré. Demandez-en un nouveau.',
    INVALID_CODE:
      "Ce lien de réinitialisation n'est pas valide ou a déjà servi. Demandez-en un nouveau.",
    USER_DISABLED: 'Ce compte a été désactivé. Veuillez contacter votre administrateur.',
    WEAK_PASSWORD:
      'Ce mot de passe est trop facile à deviner. Utilisez au moins 10 caractères : plusieurs mots inhabituels, pas de noms, de dates ni de mots de passe courants.',
    INVALID_TOKEN:
      "Ce lien n'est pas valide. Vérifiez que vous avez ouvert le lien complet de l'e-mail.",
    EXPIRED: 'Ce lien a expiré.',
    ALREADY_ACCEPTED: 'Cette invitation a déjà été acceptée.',
    EMAIL_ALREADY_EXISTS: "Déjà dans l'organisation :",
    EMAIL_NOT_CONFIRMED:
      'Veuillez confirmer votre adresse e-mail avec le lien envoyé avant de vous connecter.',
    REGISTRATION_CLOSED:
      "Ce portail n'accepte pas de nouvelles inscriptions. Demandez une invitation à votre loueur ou à votre administrateur.",
    LAST_ADMIN: 'Une organisation doit garder au moins un administrateur.',
    NETWORK_ERROR:
      "Nous n'avons pas pu nous connecter au produit, veuillez vérifier votre connexion internet et réessayer. Si le problème persiste, contactez le support",
    SERVER_ERROR:
      "Une erreur s'est produite, veuillez réessayer plus tard. Si le problème persiste, contactez le support",
    TOO_MANY_ATTEMPTS: 'Trop de tentatives. Veuillez patienter quelques minutes et réessayer.',
  },
  forgot: {
    link: 'Mot de passe oublié ?',
    title: 'Réinitialiser votre mot de passe',
    subtitle: 'Nous vous enverrons un lien pour choisir un nouveau mot de passe.',
    send: 'Envoyer le lien',
    sent_title: 'Consultez vos e-mails',
    sent: 'Si %{email} a un compte, un lien de réinitialisation est en route. Il fonctionne pendant une heure.',
    send_again: 'Renvoyer',
    ask_again: 'Demander un nouveau lien',
  },
  reset: {
    title: 'Choisissez un nouveau mot de passe',
    subtitle: 'Pour %{email}',
    save: 'Enregistrer le nouveau mot de passe',
    done: 'Votre mot de passe est changé et vous êtes déconnecté partout ailleurs. Connectez-vous avec le nouveau mot de passe.',
  },
  rsvp: {
    title: 'Votre invitation',
    invited: '%{who} vous a invité à %{organisation} en tant que %{role}.',
    someone: 'Un administrateur',
    existing_account:
      'Vous avez déjà un compte avec cette adresse : accepter y ajoute cette organisation. Connectez-vous avec votre mot de passe habituel.',
    accept: "Accepter l'invitation",
    accepted: 'Bienvenue chez %{organisation}. Connectez-vous pour commencer.',
    INVALID_TOKEN:
      "Ce lien d'invitation n'est pas valide. Vérifiez que vous avez ouvert le lien complet, ou demandez une nouvelle invitation.",
    EXPIRED: 'Cette invitation a expiré. Demandez à la personne qui vous a invité de la renvoyer.',
    ALREADY_ACCEPTED: 'Cette invitation a déjà été acceptée. Connectez-vous avec votre compte.',
    SERVER_ERROR:
      "Une erreur s'est produite à l'ouverture de l'invitation, veuillez réessayer plus tard. Si le problème persiste, contactez le support",
    NETWORK_ERROR:
      "Nous n'avons pas pu nous connecter au produit, veuillez vérifier votre connexion internet et réessayer.",
  },
  register: {
    link: 'Inscrire une organisation',
    title: 'Inscrire votre organisation',
    subtitle:
      'Vous en devenez le premier administrateur ; nous vous envoyons un lien pour confirmer votre adresse.',
    organisation_name: "Nom de l'organisation",
    organisation_type: "Type d'organisation",
    types: {
      rental: 'Loueur',
      'rental-end-user': 'Loueur qui loue aussi',
      'end-user': 'Entreprise ou utilisateur de machines',
    },
    types_help: {
      rental: 'Vous louez des machines à des clients.',
      'rental-end-user': "Vous louez des machines et en louez auprès d'autres loueurs.",
      'end-user': 'Vous utilisez vos propres machines ou en louez.',
    },
    submit: "S'inscrire",
    sent: 'Presque fini : nous avons envoyé un lien à %{email}. Suivez-le pour confirmer votre adresse, puis connectez-vous.',
    confirm_title: 'Confirmez votre adresse e-mail',
    confirmed: 'Votre adresse est confirmée. Connectez-vous pour commencer.',
    INVALID_TOKEN: "Ce lien de confirmation n'est pas valide.",
    EXPIRED: 'Ce lien de confirmation a expiré. Veuillez vous inscrire à nouveau.',
    ALREADY_ACCEPTED: 'Cette adresse est déjà confirmée. Connectez-vous.',
  },
  unsubscribe: {
    title: 'Se désabonner',
    question: 'Ne plus recevoir les e-mails « %{kind} » du portail de flotte ?',
    confirm: 'Se désabonner',
    done: '%{email} ne recevra plus les e-mails « %{kind} ».',
    INVALID_TOKEN: "Ce lien de désabonnement n'est pas valide ou a expiré.",
    stop_all: 'Ne plus recevoir aucun e-mail du portail de flotte',
    done_all:
      '%{email} ne recevra plus d’e-mails du portail de flotte, sauf ceux demandés (comme une réinitialisation de mot de passe).',
  },
  email_types: {
    invitations: 'invitation',
    'shared-locations': 'position partagée',
    reports: 'rapport',
    alerts: 'alerte',
  },
  custom_token: {
    title: 'Connexion',
    signing_in: 'Connexion en cours…',
    failed:
      'Ce lien de connexion ne peut pas être utilisé : il n’est pas valide, a déjà servi ou a expiré. Ouvrez-le à nouveau depuis votre application, ou connectez-vous avec votre adresse e-mail.',
    to_login: 'Aller à la connexion',
  },
  sso: {
    title: 'Authentification unique',
    redirecting: 'Redirection vers la connexion de votre organisation…',
    finishing: 'Connexion en cours…',
    codes: {
      SSO_NOT_CONFIGURED:
        "Aucune authentification unique n'est configurée pour ce domaine. Connectez-vous avec votre mot de passe ou demandez à votre administrateur.",
      SSO_STATE_INVALID:
        "Cette connexion n'a pas été commencée ici, a déjà servi ou a pris trop de temps. Veuillez recommencer.",
      SSO_PROVIDER_REFUSED:
        'Le service de connexion de votre organisation ne vous a pas connecté. Réessayez ou demandez à votre administrateur.',
      SSO_NO_ACCOUNT:
        'Votre organisation ne vous a pas encore donné accès au portail. Demandez une invitation à votre administrateur.',
      SSO_WRONG_DOMAIN:
        'Le service de connexion de votre organisation a connecté une autre adresse que celle indiquée.',
      NETWORK_ERROR:
        "Nous n'avons pas pu nous connecter au produit, veuillez vérifier votre connexion internet et réessayer.",
      SERVER_ERROR:
        "Une erreur s'est produite lors de la connexion, veuillez réessayer plus tard. Si le problème persiste, contactez le support",
    },
  },
  sso_providers: {
    domain_help: 'Les adresses de ce domaine se connectent via ce fournisseur.',
    issuer_help: "L'émetteur du fournisseur OpenID ; sa /.well-known/openid-configuration est lue.",
    secret_kept: 'Laissez vide pour garder le secret enregistré.',
    create_users_help: 'Sinon, seules les personnes invitées peuvent se connecter.',
    metadata_help:
      'L’adresse des métadonnées SAML 2.0 du fournisseur d’identité ; elle est lue à l’enregistrement.',
    register_help:
      'Enregistrez ces deux adresses chez le fournisseur d’identité (nos métadonnées sont à l’entity id).',
  },
  selection: {
    title: 'Où aller ?',
    subtitle:
      'Vous appartenez à plusieurs organisations. Choisissez-en une ; vous pourrez changer plus tard depuis le menu utilisateur.',
  },
};
