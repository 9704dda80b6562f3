// Attributes the site sets that React passes to the DOM as they are, but its types do not name.
import 'react';

declare module 'react' {
  // Merged with React's declaration, which names its type parameter T.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ImgHTMLAttributes<T> {
    /**
     * Element Timing: the browser reports when the picture is painted. web/inline/load-site.js
     * waits for the meal pictures on screen before it starts the scripts (ADR 0039).
     */
    elementtiming?: string;
  }
}
