/**
 * An http(s) URL's shape, any case of the scheme. Written without the `i` flag: the OpenAPI
 * document carries a regex as its source only, so a flag would be lost there (or leak into
 * the pattern, matching nothing) and generated validators would refuse `HTTPS://`.
 */
export const HTTP_URL = /^[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s/$.?#][^\s]*$/;
