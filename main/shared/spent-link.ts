/**
 * The words for a spent scaRedirect, one wording for the PSU agents' errors and the view. The
 * bank refuses a link whose SCA ended (409) and one another browser opened first (403), and only
 * a new request brings a new link (docs/sca.md, "Recording SCA steps by clicking").
 */

/** A link whose SCA ended. */
export const SPENT_LINK =
  'this scaRedirect was used (its SCA ended); send the request again for a new link';

/** A link another browser opened first (or not this request's link at all). */
export const TAKEN_LINK =
  'this scaRedirect was opened in another browser, or is not the link of this request; send the request again for a new link';
