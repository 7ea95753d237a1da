# raises KeyboardInterrupt while loading
raise KeyboardInterrupt
