from django.urls import path

from notifications import views

app_name = "notifications"

urlpatterns = [
    path("notifications/", views.notification_list, name="list"),
    path("notifications/seen/", views.mark_seen, name="seen"),
    path("notifications/push/subscribe/", views.push_subscribe, name="push_subscribe"),
    path("notifications/push/unsubscribe/", views.push_unsubscribe, name="push_unsubscribe"),
    path("notifications/unsubscribe/<str:token>/", views.unsubscribe_link, name="unsubscribe"),
    path("settings/notifications/", views.settings_page, name="settings"),
    path("settings/notifications/devices/<int:device_id>/remove/", views.remove_device, name="remove_device"),
]
