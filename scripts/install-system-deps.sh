#!/usr/bin/env bash
# System packages the product and its tests need: Debian's Chromium for the browser tests,
# ffmpeg for video, mat2 to clear a PDF's or Word document's properties on upload, exiftool for the tests that check no
# photo keeps where it was taken, and poppler-utils (pdftotext, pdftoppm, pdfimages) for the tests that read
# the progress report's PDF back, and Caddy, the proxy in front of the servers that the cluster test
# runs (deploy/Caddyfile). Installed only when missing (never a browser download from npm).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v exiftool >/dev/null 2>&1 || missing+=(libimage-exiftool-perl)
command -v mat2 >/dev/null 2>&1 || missing+=(mat2)
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "${missing[@]}"
  # Debian's package starts its own Caddy on ports 80 and 443 where systemd runs; the tests run
  # their own Caddy on free ports, and a production machine configures it (docs/deploy.md) first.
  if [[ " ${missing[*]} " == *" caddy "* ]] && [ -d /run/systemd/system ]; then
    $SUDO systemctl disable --now caddy || true
  fi
fi
