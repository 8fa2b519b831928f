/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The product's Instagram page; the footer links to Instagram's home when unset. */
  readonly VITE_INSTAGRAM_URL?: string;
  /** The product's Facebook page; the footer links to Facebook's home when unset. */
  readonly VITE_FACEBOOK_URL?: string;
}
