// react-admin's German words: ra-language-german (the design card's package) underneath, and
// these over it where its words are missing for react-admin 5 or read worse (Swiss spellings such
// as 'Schliessen', literal phrasings). English lies under both, so no key shows raw.
import englishMessages from 'ra-language-english';
import germanMessages from 'ra-language-german';
import { layer, within, type Messages } from './catalog.ts';

const portalGerman: Messages = {
  action: {
    add: 'Hinzufügen',
    bulk_actions: '1 Element ausgewählt |||| %{smart_count} Elemente ausgewählt',
    clear_array_input: 'Liste leeren',
    clear_input_value: 'Wert löschen',
    clone: 'Duplizieren',
    create: 'Anlegen',
    create_item: '%{item} anlegen',
    remove_filter: 'Diesen Filter entfernen',
    remove_all_filters: 'Alle Filter entfernen',
    reset: 'Zurücksetzen',
    search_columns: 'Spalten durchsuchen',
    select_all: 'Alle auswählen',
    select_all_button: 'Alle auswählen',
    select_row: 'Diese Zeile auswählen',
    undo: 'Rückgängig',
    unselect: 'Auswahl aufheben',
    expand: 'Aufklappen',
    close: 'Schließen',
    open_menu: 'Menü öffnen',
    close_menu: 'Menü schließen',
    update: 'Aktualisieren',
    move_up: 'Nach oben',
    move_down: 'Nach unten',
    open: 'Öffnen',
    toggle_theme: 'Hell/Dunkel umschalten',
    select_columns: 'Spalten',
    update_application: 'Anwendung neu laden',
  },
  page: {
    create: '%{name} anlegen',
    edit: '%{name} %{recordRepresentation}',
    error: 'Etwas ist schiefgelaufen',
    loading: 'Wird geladen',
    show: '%{name} %{recordRepresentation}',
    empty: 'Noch keine %{name}.',
    invite: 'Möchten Sie eines hinzufügen?',
    access_denied: 'Zugriff verweigert',
    authentication_error: 'Authentifizierungsfehler',
  },
  input: {
    file: {
      upload_several: 'Dateien hierher ziehen oder klicken, um eine auszuwählen.',
      upload_single: 'Eine Datei hierher ziehen oder klicken, um sie auszuwählen.',
    },
    image: {
      upload_several: 'Bilder hierher ziehen oder klicken, um eines auszuwählen.',
      upload_single: 'Ein Bild hierher ziehen oder klicken, um es auszuwählen.',
    },
    references: {
      all_missing: 'Die referenzierten Daten wurden nicht gefunden.',
      many_missing: 'Mindestens eine der zugehörigen Referenzen ist nicht mehr verfügbar.',
      single_missing: 'Die zugehörige Referenz ist nicht mehr verfügbar.',
    },
    password: {
      toggle_visible: 'Passwort verbergen',
      toggle_hidden: 'Passwort anzeigen',
    },
  },
  message: {
    access_denied: 'Sie haben keine Berechtigung für diese Seite',
    authentication_error:
      'Der Authentifizierungsserver hat einen Fehler gemeldet; Ihre Anmeldedaten konnten nicht geprüft werden.',
    auth_error: 'Beim Prüfen des Authentifizierungstokens ist ein Fehler aufgetreten.',
    bulk_delete_content:
      'Möchten Sie dieses Element (%{name}) wirklich löschen? |||| Möchten Sie diese %{smart_count} Elemente wirklich löschen?',
    bulk_delete_title: '%{name} löschen |||| %{smart_count} %{name} löschen',
    bulk_update_content:
      'Möchten Sie %{name} %{recordRepresentation} wirklich aktualisieren? |||| Möchten Sie diese %{smart_count} Elemente wirklich aktualisieren?',
    bulk_update_title:
      '%{name} %{recordRepresentation} aktualisieren |||| %{smart_count} %{name} aktualisieren',
    clear_array_input: 'Möchten Sie wirklich die ganze Liste leeren?',
    delete_content: 'Möchten Sie dieses Element (%{name}) wirklich löschen?',
    delete_title: '%{name} %{recordRepresentation} löschen',
    error: 'Ein Fehler im Browser ist aufgetreten; Ihre Anfrage konnte nicht abgeschlossen werden.',
    invalid_form: 'Das Formular ist ungültig. Bitte prüfen Sie die Eingaben.',
    loading: 'Bitte warten',
    not_found:
      'Entweder haben Sie eine falsche Adresse eingegeben oder einen ungültigen Link geöffnet.',
    select_all_limit_reached:
      'Es gibt zu viele Elemente, um alle auszuwählen. Nur die ersten %{max} Elemente wurden ausgewählt.',
    unsaved_changes:
      'Einige Änderungen wurden nicht gespeichert. Möchten Sie sie wirklich verwerfen?',
    placeholder_data_warning: 'Netzwerkproblem: Die Daten konnten nicht aktualisiert werden.',
  },
  navigation: {
    clear_filters: 'Filter zurücksetzen',
    no_filtered_results: 'Keine %{name} mit den aktuellen Filtern gefunden.',
    no_results: 'Keine %{name} gefunden',
    no_more_results:
      'Die Seite %{page} liegt außerhalb des Bereichs. Versuchen Sie die vorherige Seite.',
    page_out_of_boundaries: 'Seite %{page} liegt außerhalb des Bereichs',
    page_out_from_end: 'Nach der letzten Seite geht es nicht weiter',
    page_out_from_begin: 'Vor Seite 1 geht es nicht weiter',
    page_range_info: '%{offsetBegin}–%{offsetEnd} von %{total}',
    partial_page_range_info: '%{offsetBegin}–%{offsetEnd} von mehr als %{offsetEnd}',
    current_page: 'Seite %{page}',
    page: 'Zu Seite %{page}',
    first: 'Zur ersten Seite',
    last: 'Zur letzten Seite',
    next: 'Zur nächsten Seite',
    previous: 'Zur vorherigen Seite',
  },
  sort: {
    sort_by: 'Nach %{field_lower_first} %{order} sortieren',
    ASC: 'aufsteigend',
    DESC: 'absteigend',
  },
  auth: {
    auth_check_error: 'Bitte melden Sie sich an, um fortzufahren',
    username: 'Benutzername',
    email: 'E-Mail',
    sign_in_error: 'Anmeldung fehlgeschlagen, bitte erneut versuchen',
  },
  notification: {
    updated: 'Element aktualisiert |||| %{smart_count} Elemente aktualisiert',
    created: 'Element angelegt',
    deleted: 'Element gelöscht |||| %{smart_count} Elemente gelöscht',
    http_error: 'Fehler bei der Kommunikation mit dem Server',
    data_provider_error: 'Fehler im dataProvider. Details stehen in der Konsole.',
    i18n_error: 'Die Übersetzungen für die gewählte Sprache konnten nicht geladen werden',
    logged_out: 'Ihre Sitzung wurde beendet, bitte melden Sie sich erneut an.',
    not_authorized: 'Sie sind nicht berechtigt, auf diese Ressource zuzugreifen.',
    application_update_available: 'Eine neue Version ist verfügbar.',
    offline: 'Keine Verbindung. Die Daten konnten nicht abgerufen werden.',
  },
  validation: {
    required: 'Pflichtfeld',
    minLength: 'Mindestens %{min} Zeichen',
    maxLength: 'Höchstens %{max} Zeichen',
    minValue: 'Mindestens %{min}',
    maxValue: 'Höchstens %{max}',
    number: 'Muss eine Zahl sein',
    email: 'Muss eine gültige E-Mail-Adresse sein',
    oneOf: 'Muss eines der folgenden sein: %{options}',
    regex: 'Muss einem bestimmten Format entsprechen (regulärer Ausdruck): %{pattern}',
    unique: 'Muss eindeutig sein',
  },
  saved_queries: {
    label: 'Gespeicherte Abfragen',
    query_name: 'Name der Abfrage',
    new_label: 'Aktuelle Abfrage speichern…',
    new_dialog_title: 'Aktuelle Abfrage speichern als',
    remove_label: 'Gespeicherte Abfrage entfernen',
    remove_label_with_name: 'Abfrage „%{name}“ entfernen',
    remove_dialog_title: 'Gespeicherte Abfrage entfernen?',
    remove_message:
      'Möchten Sie dieses Element wirklich aus Ihren gespeicherten Abfragen entfernen?',
    help: 'Filtern Sie die Liste und speichern Sie die Abfrage für später',
  },
  guesser: {
    empty: {
      title: 'Keine Daten vorhanden',
      message: 'Bitte prüfen Sie Ihren dataProvider',
    },
  },
  configurable: {
    customize: 'Anpassen',
    configureMode: 'Diese Seite einrichten',
    inspector: {
      title: 'Inspektor',
      content: 'Fahren Sie über die Elemente der Oberfläche, um sie einzurichten',
      reset: 'Einstellungen zurücksetzen',
      hideAll: 'Alle ausblenden',
      showAll: 'Alle einblenden',
    },
    Datagrid: {
      title: 'Tabelle',
      unlabeled: 'Spalte ohne Titel #%{column}',
    },
    SimpleForm: {
      title: 'Formular',
      unlabeled: 'Feld ohne Titel #%{input}',
    },
    SimpleList: {
      title: 'Liste',
      primaryText: 'Haupttext',
      secondaryText: 'Zweiter Text',
      tertiaryText: 'Dritter Text',
    },
  },
};

export const raGerman = layer(
  within((germanMessages as { ra: Messages }).ra, englishMessages.ra as unknown as Messages),
  portalGerman,
);
