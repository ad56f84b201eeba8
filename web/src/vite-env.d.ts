/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where /wiki opens in a new tab (see web/README.md). */
  readonly VITE_WIKI_URL?: string;
  /** Where /telegram opens in a new tab (see web/README.md). */
  readonly VITE_TELEGRAM_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
