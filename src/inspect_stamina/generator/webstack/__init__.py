"""The web-stack domain: a Django + DRF API grown by typed actions, tested over HTTP."""
