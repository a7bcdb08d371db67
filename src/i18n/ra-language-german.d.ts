// ra-language-german ships no types: its one export is react-admin's catalog shape.
declare module 'ra-language-german' {
  const messages: { ra: Record<string, unknown> };
  export default messages;
}
