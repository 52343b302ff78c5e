"""The installable app's addresses, at the root of the site: a worker's scope is the folder
it is served from, and the manifest and the offline page sit beside it."""

from django.urls import path

from pwa import views

app_name = "pwa"

urlpatterns = [
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("offline/", views.offline, name="offline"),
]
