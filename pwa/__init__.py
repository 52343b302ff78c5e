"""The installable app: the web app manifest, the service worker and the offline page.

The site stays server-rendered; this app only adds what a phone needs to keep Kadi on its
home screen: a manifest (name, icons, colours) in the visitor's language, a worker that
answers navigations from the network and, without one, from the offline page (the rules
in English and Swahili, the games waiting for the player's move as last seen), and that
shows the site's push notifications.
"""
