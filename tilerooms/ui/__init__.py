"""Pages and components."""
