#!/usr/bin/env bash
# System packages the product and its tests need: Debian's Chromium for the browser tests,
# ffmpeg for video, mat2 to clear a PDF's or Word document's properties on upload, exiftool for the tests that check no
# photo keeps where it was taken, and poppler-utils (pdftotext, pdftoppm, pdfimages) for the tests that read
# the progress report's PDF back. Installed only when missing (never a browser download from npm).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v exiftool >/dev/null 2>&1 || missing+=(libimage-exiftool-perl)
command -v mat2 >/dev/null 2>&1 || missing+=(mat2)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y "${missing[@]}"
fi
