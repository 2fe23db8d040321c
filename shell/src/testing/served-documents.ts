/**
 * For tests of documents the shell's server draws (call it at the top level): jsdom's scrolling
 * stubbed, as the shell scrolls to the top on a new route, and the document emptied after each
 * test. Answers `serve`, which lays out a document as the server sends it: the render in #root,
 * the state after it.
 */
export function servedDocuments() {
  beforeEach(() => {
    window.scrollTo = jest.fn();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    jest.restoreAllMocks();
  });
  return function serve(root: string, stateScript: string): HTMLElement {
    document.body.innerHTML = `<div id="root">${root}</div>${stateScript}`;
    return document.getElementById('root') as HTMLElement;
  };
}
