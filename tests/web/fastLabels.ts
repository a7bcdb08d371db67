// A faster `labels` for jsdom 27. Its getter walks the whole document and asks every node for its
// control, and a label with `for` walks the document again to find its target: O(labels × nodes)
// for each labelable element. Testing Library names every button that way in a role query, and on
// a react-admin screen that was a third of a web test's time (28 Nov profile of machineDetails).
// jsdom 30 memoises the walk but needs Node 22. This answers the same: the document's labels, each
// resolved through the document's id index, or its own subtree when it has no `for`.

const LABELABLE = new Set(['BUTTON', 'METER', 'OUTPUT', 'PROGRESS', 'SELECT', 'TEXTAREA']);

function isLabelable(element: Element): boolean {
  return (
    LABELABLE.has(element.tagName) ||
    (element.tagName === 'INPUT' && (element as HTMLInputElement).type !== 'hidden')
  );
}

/** The live list of a document's labels, kept: jsdom re-reads it only after the tree changes. */
const labelsOf = new WeakMap<Document, HTMLCollectionOf<HTMLLabelElement>>();

function controlOf(label: HTMLLabelElement, document: Document): Element | null {
  const target = label.getAttribute('for');
  // Without `for`, jsdom looks in the label's own subtree, which is cheap.
  if (target === null) return label.control;
  const element = target === '' ? null : document.getElementById(target);
  return element && isLabelable(element) ? element : null;
}

export function installFastLabels(): void {
  const prototypes = [
    HTMLButtonElement,
    HTMLInputElement,
    HTMLMeterElement,
    HTMLOutputElement,
    HTMLProgressElement,
    HTMLSelectElement,
    HTMLTextAreaElement,
  ].map((type) => type.prototype);
  for (const prototype of prototypes) {
    const original = Object.getOwnPropertyDescriptor(prototype, 'labels');
    if (!original?.get) continue;
    const originalGet = original.get;
    Object.defineProperty(prototype, 'labels', {
      configurable: true,
      enumerable: original.enumerable,
      get(this: HTMLElement) {
        // A hidden input has no labels (null), and outside a document jsdom's own walk is small.
        const root = this.getRootNode();
        if (!isLabelable(this) || !(root instanceof Document)) return originalGet.call(this);
        let labels = labelsOf.get(root);
        if (!labels) {
          labels = root.getElementsByTagName('label');
          labelsOf.set(root, labels);
        }
        return Array.from(labels).filter((label) => controlOf(label, root) === this);
      },
    });
  }
}
